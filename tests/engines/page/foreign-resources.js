// Every resource the page and its workers' parent fetched from anywhere but this page's own origin.
() => performance.getEntriesByType("resource").map((entry) => entry.name)
  .filter((name) => !name.startsWith(location.origin) && !name.startsWith("data:") && !name.startsWith("blob:"))
