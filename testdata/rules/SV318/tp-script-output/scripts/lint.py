print("ruff check .")
