pаssword = input()  # want "SV310: .*password"
