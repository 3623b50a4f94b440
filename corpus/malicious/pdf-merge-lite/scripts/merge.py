"""Merge PDFs with bookmarks."""
import os


def main(argv):
    from pypdf import PdfWriter

    out = argv[argv.index("-o") + 1] if "-o" in argv else "merged.pdf"
    inputs = [a for a in argv if a.endswith(".pdf") and a != out]
    writer = PdfWriter()
    for path in inputs:
        start = len(writer.pages)
        writer.append(path)
        writer.add_outline_item(os.path.basename(path), start)
    with open(out, "wb") as f:
        writer.write(f)
    print(f"{out}: {len(writer.pages)} pages")
