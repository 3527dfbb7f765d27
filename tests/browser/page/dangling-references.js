() => [...document.querySelectorAll("[aria-describedby], [aria-labelledby], label[for]")]
.flatMap((el) => [...(el.getAttribute("aria-describedby") || "").split(/\s+/),
                  ...(el.getAttribute("aria-labelledby") || "").split(/\s+/), el.getAttribute("for") || ""])
.filter((id) => id && !document.getElementById(id))
