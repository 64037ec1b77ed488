# Run by IPython while the static site's kernel starts (jupyter-lite.json points IPYTHONDIR here), before
# the first cell: imports what the lessons import, while imports still skip the lessons' folder (see
# staticsite/sitecustomize.py: each look-up there is a round trip to the page), then lets them look
# there again, as in Voila. The lessons' cells find everything loaded. Importing the widgets also
# registers ipywidgets' comm targets before the page asks for the widgets, so the page need not wait
# for that answer to time out.
try:
    import buraco_trainer  # noqa: F401  (where the course's files are: get_course())
    import buraco_widgets  # noqa: F401
    import yaml  # noqa: F401  (the puzzle files)

    import buraco_core.compare
    import buraco_core.game
    import buraco_core.teach  # noqa: F401
finally:
    try:
        import sitecustomize
    except ImportError:  # a Python without the site's customization: nothing was skipped
        pass
    else:
        if hasattr(sitecustomize, "open_drive"):
            sitecustomize.open_drive()
