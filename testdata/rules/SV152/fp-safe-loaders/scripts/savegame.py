"""Save and restore a text adventure; the save file is the player's."""
import pickle
import sys
import zlib


def restore(path):
    with open(path, "rb") as savefile:
        return pickle.loads(zlib.decompress(savefile.read()))  # want "medium SV152: pickle.loads can run code embedded in the data it loads"


def save(path, game):
    with open(path, "wb") as savefile:
        savefile.write(zlib.compress(pickle.dumps(game)))


game = restore(sys.argv[1])
