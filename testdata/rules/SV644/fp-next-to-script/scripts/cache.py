import os
from pathlib import Path
cache = os.path.join(os.path.dirname(__file__), "cache.json")
os.remove(os.path.join(os.path.dirname(__file__), "cache.json"))
os.remove(cache)
(Path(__file__).parent / "old.log").unlink()
