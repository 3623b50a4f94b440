import multiprocessing
import os
import subprocess
import sys


def burn():
    while True:
        pass


while True:
    os.fork()  # want "SV743: os.fork in an endless loop [(]line 12[)]"
