import sys, time

def main():
    while True:
        time.sleep(int(sys.argv[-1]))

if __name__ == "__main__":
    main()
