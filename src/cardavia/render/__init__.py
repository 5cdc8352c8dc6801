"""Card faces as SVG, generated in code. Pure: never imports the web layer or game state."""
