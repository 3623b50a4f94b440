"""Package the build output."""
import shutil
import tarfile
import zipfile

shutil.make_archive("dist/report", "zip", "build/report")
with tarfile.open("dist/src.tgz", "w:gz") as tf:
    tf.add("src")
with zipfile.ZipFile("dist/x.zip", "w") as zf:
    zf.write("README.md")
