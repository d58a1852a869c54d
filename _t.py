import time, sys, resource
t0=time.perf_counter()
def cpu():
    u=resource.getrusage(resource.RUSAGE_SELF); return u.ru_utime+u.ru_stime
import PySide6.QtWidgets
t1=time.perf_counter(); c1=cpu()
import gui.main_window
t2=time.perf_counter(); c2=cpu()
import gui.app
t3=time.perf_counter(); c3=cpu()
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
import gui.main_window as mw
orig=mw.MainWindow.__init__
rec={}
def init(self,*a,**k):
    s=time.perf_counter(); cs=cpu(); orig(self,*a,**k); rec['win']=(time.perf_counter()-s, cpu()-cs)
mw.MainWindow.__init__=init
class F(QObject):
    seen=False
    def eventFilter(self,o,e):
        if not self.seen and e.type()==QEvent.Type.Paint and type(o.window()).__name__=="MainWindow":
            self.seen=True; QTimer.singleShot(0,self.done)
        return False
    def done(self):
        t=time.perf_counter()
        print(f"qt import {t1-t0:.3f}/{c1:.3f}  gui.main_window {t2-t1:.3f}/{c2-c1:.3f}  gui.app {t3-t2:.3f}/{c3-c2:.3f}  window init {rec['win'][0]:.3f}/{rec['win'][1]:.3f}  to paint total {t-t0:.3f}/{cpu():.3f}")
        QApplication.instance().exit(0)
p=F()
create=gui.app.create_application
def ca(argv):
    app=create(argv); app.installEventFilter(p); return app
gui.app.create_application=ca
from gui.launcher import main
sys.exit(main([]))
