// Material for MkDocs 9.8.2's inline <head> script (partials/javascripts/base.html), moved to a file so
// that the content security policy needs no 'unsafe-inline'. The storage scope comes from the tag's
// data-md-scope (the page's base URL), which Material wrote into the inline code. Keep in step with
// Material when it is upgraded: tests/browser/test_csp.py fails on any inline script left behind. One
// change: __md_get and __md_set reach storage inside their try, so a browser that refuses storage gets
// null and no write instead of an error on every page (Material's palette and tabs scripts with it).
/* eslint-disable */
__md_scope=new URL(document.currentScript.dataset.mdScope,location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_,t=__md_scope)=>{try{return JSON.parse((_??localStorage).getItem(t.pathname+"."+e))}catch(e){return null}},__md_set=(e,_,t,a=__md_scope)=>{try{(t??localStorage).setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}}
