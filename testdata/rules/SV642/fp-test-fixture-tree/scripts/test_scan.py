import tempfile
import unittest
from pathlib import Path


def lay_out(root: Path) -> None:
    (root / ".claude").mkdir(parents=True)
    (root / ".claude" / "CLAUDE.md").write_text("user rules")  # want "medium SV642: .*temporary directory"


class ScanTest(unittest.TestCase):
    def test_finds_user_rules(self):
        with tempfile.TemporaryDirectory() as fake_home:
            rules = Path(fake_home) / ".claude" / "CLAUDE.md"
            rules.parent.mkdir(parents=True)
            rules.write_text("be brief")  # want "medium SV642: .*temporary directory"
            lay_out(Path(tempfile.mkdtemp()))


def test_memory_index(tmp_path):
    notes = tmp_path / "memory"
    notes.mkdir(exist_ok=True)
    (notes / "MEMORY.md").write_text("- [a](a.md) first note\n")  # want "medium SV642: .*temporary directory"
