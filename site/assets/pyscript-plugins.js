// PyScript's plugins, as the pages use them: every one but py-editor. That plugin (for <script type="py-editor">,
// which no page has) watches the document and, after any change and then every 250 ms for as long as the page is
// open, searches the whole document for editor scripts: on a calculator with a big map (thousands of elements) that
// search lands inside a tap's frame about one time in three. PyScript reads the plugins to load from a <py-config>
// (and <mpy-config>) element when it starts, so this classic script, loaded before PyScript's module, writes them.
for (const type of ["py", "mpy"]) {
  const config = document.createElement(`${type}-config`);
  config.textContent = JSON.stringify({ plugins: ["!py-editor"] });
  document.head.append(config);
}
