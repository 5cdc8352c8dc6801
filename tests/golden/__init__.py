"""Golden playthroughs: every game's deals step by step as the server plays them."""
