import glob
import os

DATA = "/var/lib/indexer"


def load(name):
    with open(os.path.join(DATA, name)) as f:
        return f.read()


def build():
    # Names the skill lists or chooses itself.
    for entry in os.listdir(DATA):
        with open(os.path.join(DATA, entry)) as f:
            print(len(f.read()))
    for path in glob.glob(os.path.join(DATA, "*.json")):
        print(open(path).read())
    print(load("settings.json"), load("state.json"))
    os.remove(os.path.join(DATA, "lock"))


if __name__ == "__main__":
    build()
