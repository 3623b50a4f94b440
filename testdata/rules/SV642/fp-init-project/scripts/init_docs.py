"""Create the project's CLAUDE.md from a template when the user asks (medium, not blocked)."""
from pathlib import Path
template = Path(__file__).parent.parent / "assets" / "CLAUDE.template.md"
with open("CLAUDE.md", "w") as fh:  # want "SV642: writes agent configuration or instructions [(]CLAUDE.md[)]"
    fh.write(template.read_text())
