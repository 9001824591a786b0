"""The analysis of a finished game in the window: the job that works it out away from the frame
loop (:mod:`.runner`), the graph of the winning chances and the summary per seat above the
replay's table (:mod:`.graph`, :mod:`.summary`, :mod:`.view`), the note in the side panel
(:mod:`.note`), the two moves of a decision lit on the table (:mod:`.marks`), the words and
colours (:mod:`.words`), and the chart drawing they share with the statistics' (:mod:`.chart`,
:mod:`.trends`)."""
