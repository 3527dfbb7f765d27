// Whether the full calculator's canvas of marks is clear (every pixel transparent).
() => {
  const canvas = document.querySelector(".calc--full canvas.hexboard-pending");
  return canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data.every((v, i) => i % 4 !== 3 || v === 0);
}
