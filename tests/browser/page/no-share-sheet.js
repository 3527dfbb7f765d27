// Init script: a browser without a system share sheet (as desktop Chromium on Linux), whatever this one has.
delete Navigator.prototype.share;
