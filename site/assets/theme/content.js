// Material for MkDocs 9.8.2's inline content script (partials/javascripts/content.html), moved to a file
// for the content security policy: a link to a content tab opens that tab.
/* eslint-disable */
var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))
