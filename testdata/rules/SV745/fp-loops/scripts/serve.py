import queue
import socket
import time

jobs = queue.Queue()


def handle(job):
    return job * 2


def worker():
    while True:
        handle(jobs.get())


def server(sock: socket.socket):
    while True:
        conn, _ = sock.accept()
        conn.close()


def poll(check):
    while True:
        if check():
            break
        time.sleep(1)


def spin_with_print():
    while True:
        print("waiting for input")
        line = input()
        if line:
            return line
