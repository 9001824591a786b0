"""Learn to play: lessons on the real table, each on a scripted deal with a scripted opponent
and a coach that says what to do and why (:mod:`.lessons`, :mod:`.runner`, :mod:`.table`), and
the coach's tips in the first games (:mod:`.tips`).  The lesson list is
:mod:`famiglia.ui.scenes.lessons`, opened through :mod:`famiglia.ui.navigation`; what the
player has learnt is kept by :mod:`famiglia.store.progress`.
"""
