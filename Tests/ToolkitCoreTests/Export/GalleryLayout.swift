/// A check of the gallery's layout as a person sees it, run in the page by ``Chromium`` at a viewport's width,
/// on the rendered element boxes. It sets on `body`:
/// - `data-layout-problems`: a JSON list, each a sentence: the page wider than the screen, a heading, paragraph,
///   tile or calendar day whose text runs out of its box or off the screen, two tiles of a grid or two calendar
///   months that overlap, a tile's play mark or star outside its tile or over each other, a date broken over
///   two lines;
/// - `data-player`: after a click on the first video tile, the video's player as `"<width>x<height> controls
///   <bool> visible <bool>"` (its `video` element's box, its `controls`, whether it is the topmost element at
///   its centre), or `none`.
enum GalleryLayout {
    static let checker = """
        (async () => {
          for (const image of document.images) image.loading = 'eager';
          await Promise.all([...document.images].map(image => image.decode().catch(() => {})));
          const problems = [];
          const width = document.documentElement.clientWidth;
          const name = e =>
            e.tagName.toLowerCase() + '.' + e.className + ' "' + e.textContent.trim().slice(0, 30) + '"';
          const box = e => e.getBoundingClientRect();
          const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 &&
            b.top < a.bottom - 0.5;
          const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 &&
            a.bottom <= b.bottom + 0.5;
          if (document.documentElement.scrollWidth > width) {
            const wide = document.documentElement.scrollWidth;
            problems.push('the page is ' + wide + ' px wide on a ' + width + ' px screen');
          }
          for (const e of document.querySelectorAll('h1, h2, h3, h4, p, caption, .grid .tile, .month td, nav a')) {
            const r = box(e);
            if (e.scrollWidth > e.clientWidth + 1) problems.push(name(e) + ' runs out of its box');
            if (r.width > 0 && (r.left < -0.5 || r.right > width + 0.5)) {
              problems.push(name(e) + ' runs off the screen');
            }
          }
          for (const list of [...document.querySelectorAll('.grid')].map(g => [...g.children])
              .concat([[...document.querySelectorAll('.month')]])) {
            for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) {
              if (overlap(box(list[i]), box(list[j]))) problems.push(name(list[i]) + ' overlaps ' + name(list[j]));
            }
          }
          for (const tile of document.querySelectorAll('.grid .tile')) {
            const marks = [...tile.querySelectorAll('.mark, .fav')];
            for (const mark of marks) {
              if (!inside(box(mark), box(tile))) problems.push(name(mark) + ' is outside its tile');
            }
            if (marks.length == 2 && overlap(box(marks[0]), box(marks[1]))) {
              problems.push(name(tile) + ': marks overlap');
            }
          }
          for (const time of document.querySelectorAll('time')) {
            const text = document.createRange();
            text.selectNodeContents(time);
            const lines = new Set([...text.getClientRects()].map(r => Math.round(r.top)));
            if (lines.size > 1) problems.push('the date ' + time.textContent + ' wraps');
          }
          document.body.dataset.layoutProblems = JSON.stringify(problems);
          const tile = document.querySelector('.video .tile');
          let player = 'none';
          if (tile) {
            tile.click();
            await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
            const video = document.querySelector(':target video');
            if (video) {
              const r = box(video);
              const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              player = Math.round(r.width) + 'x' + Math.round(r.height) + ' controls ' + video.controls +
                ' visible ' + (top === video || video.contains(top));
            }
          }
          document.body.dataset.player = player;
        })()
        """
}
