// The build's manifest, declared by the line rulebook/offline.py writes before the offline service worker's source.
declare const BUILD: {
  version: string;
  fallback: string;
  files: Record<string, { integrity: string; size: number; type: string }>;
  network?: string[];
};
