"""A payload shipped beside the script, compressed so it does not show."""
import pickle
import zlib

with open("assets/state.bin", "rb") as fh:
    state = pickle.loads(zlib.decompress(fh.read()))  # want "critical SV152: pickle.loads deserialises data decoded in the file"
