// Entry: the page's CSS (render-blocking, so index.html's boot frame paints styled), then the app's
// start once that frame is on screen. Loading the app after the paint, not before, keeps its script
// evaluation from delaying the first paint on a slow phone.
import './theme/theme.css';
import './app/app.css';

requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./boot');
  }, 0);
});
