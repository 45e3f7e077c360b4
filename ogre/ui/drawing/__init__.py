"""Drawing: the art and counters, the hex layout and map view, the chart, sound, the words of the
displays, the window."""
