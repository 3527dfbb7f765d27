// Every resource the page fetched (its resource timings) from anywhere but its own origin.
() => performance.getEntriesByType("resource").map((entry) => entry.name)
  .filter((name) => !name.startsWith(location.origin) && !name.startsWith("data:") && !name.startsWith("blob:"))
