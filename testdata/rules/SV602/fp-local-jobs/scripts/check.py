print("checked")
