// WebDriver's asynchronous script: calls FUNCTION (put in place by drivers.py) with the first argument and hands
// back { value } or { error }, so a thrown error or a rejected promise reaches the test as a message.
const done = arguments[arguments.length - 1];
Promise.resolve()
  .then(() => (FUNCTION)(arguments[0]))
  .then((value) => done({ value: value === undefined ? null : value }), (error) => done({ error: String(error) }));
