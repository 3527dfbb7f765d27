() => [getComputedStyle(document.querySelector('article')).color,
getComputedStyle(document.body).backgroundColor]
