"""Maps: reading hex maps, square maps and Universal VTT exports into geometry; no system or view."""
