"""buraco_widgets: the ipywidgets views of the Buraco trainer (installed from widgets/)."""
