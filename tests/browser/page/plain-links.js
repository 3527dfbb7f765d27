() => [...document.querySelectorAll('article p a, article li a, .calc-output a')]
.filter((a) => !a.classList.contains('headerlink') && getComputedStyle(a).textDecorationLine !== 'underline')
.map((a) => a.outerHTML.slice(0, 80))
