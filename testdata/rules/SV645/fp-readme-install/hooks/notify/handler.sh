echo done
