import argparse
import os


def get_document(name):
    # A relative directory: the caller still escapes it, but where it lands depends on the working directory.
    with open(f"./docs/{name}") as f:  # want "medium SV159: open uses a path under the directory ./docs/ built from parameter name"
        return f.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("topic")
    args = parser.parse_args()
    # The operator names the topic on the command line.
    print(open(os.path.join("/usr/share/handbook", args.topic + ".md")).read())  # want "medium SV159: .*user input"
    theme = os.environ.get("HANDBOOK_THEME", "plain")
    print(open(os.path.join("/usr/share/handbook/themes", theme)).read())  # want "medium SV159: .*the environment"


if __name__ == "__main__":
    main()
