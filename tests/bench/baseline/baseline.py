print("baseline: Python is running")
