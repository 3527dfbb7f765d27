// Material for MkDocs 9.8.2's inline linked-tabs script (partials/javascripts/content.html, only with the
// content.tabs.link feature), moved to a file for the content security policy.
/* eslint-disable */
var tabs=__md_get("__tabs");if(Array.isArray(tabs))e:for(var set of document.querySelectorAll(".tabbed-set")){var labels=set.querySelector(".tabbed-labels");for(var tab of tabs)for(var label of labels.getElementsByTagName("label"))if(label.innerText.trim()===tab){var input=document.getElementById(label.htmlFor);input.checked=!0;continue e}}
