extension GalleryPage {
    /// The page's one stylesheet, themed by `accent`.
    static func style(accent: String) -> String {
        """
        :root{--accent:\(accent);color-scheme:light dark}
        body{margin:0 auto;max-width:960px;padding:0 12px 24px;font:16px/1.5 system-ui,"Nanum Gothic",\
        "NanumGothic",sans-serif;overflow-wrap:anywhere}
        header{border-bottom:4px solid var(--accent);margin-bottom:8px}
        h1{margin:16px 0 0}h2{color:var(--accent);margin-top:28px}h3 small,h4 small{font-weight:normal;\
        opacity:.7;margin-left:.5em}
        a{color:var(--accent)}nav a{margin-right:1em;white-space:nowrap}
        time,caption,footer time{white-space:nowrap}
        .summary{margin:0;opacity:.8}.empty{opacity:.7;font-style:italic}
        .pets{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));\
        gap:8px}
        .pet{border:1px solid #8884;border-radius:8px;padding:8px 12px}.pet h3{margin:0}
        .grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(104px,1fr));\
        gap:4px}
        .grid li{min-width:0}
        .grid .tile{display:block;aspect-ratio:1;overflow:hidden;border-radius:4px;background:#8882;\
        position:relative}
        .grid img{width:100%;height:100%;object-fit:cover;display:block}
        .grid .file{display:flex;align-items:center;justify-content:center;text-align:center;font-size:13px;\
        padding:4px;box-sizing:border-box;word-break:break-all}
        .grid .memo{margin:2px 0 0;font-size:13px;line-height:1.3}
        .grid li.video .tile{background:#222}
        .grid .mark{position:absolute;top:4px;left:4px;display:flex;align-items:center;gap:4px;padding:0 6px;\
        border-radius:9px;background:#000a;color:#fff;font-size:12px;line-height:18px}
        .grid .play{width:0;height:0;border-style:solid;border-width:5px 0 5px 8px;\
        border-color:transparent transparent transparent #fff}
        .grid .fav{position:absolute;top:2px;right:4px;color:#fc3;font-size:16px;line-height:1;\
        text-shadow:0 0 2px #000}
        .grid .name{position:absolute;inset:26px 4px 4px;display:flex;align-items:center;justify-content:center;\
        text-align:center;color:#fff;font-size:13px;word-break:break-all;overflow:hidden}
        .players .player{display:none}
        .players .player:target{display:flex;position:fixed;inset:0;z-index:10;flex-direction:column;\
        align-items:center;justify-content:center;gap:8px;background:#000e;color:#fff;padding:8px;\
        box-sizing:border-box}
        .player video{width:100%;max-width:1280px;max-height:85vh;background:#000}
        .player p{margin:0}.player .close{color:#fff;margin-left:1em}
        .months{display:flex;flex-wrap:wrap;gap:16px}
        .month{border-collapse:collapse;font-size:14px}.month caption{font-weight:bold;text-align:left}
        .month th,.month td{width:2.2em;height:2.2em;text-align:center;vertical-align:top}
        .month td.on{background:#8882;border-radius:4px}
        .month i{display:block;margin:0 auto;width:6px;height:6px;border-radius:3px}
        .month i.e{background:var(--accent)}.month i.p{background:#888}
        .month i.v{width:0;height:0;border-radius:0;border-style:solid;border-width:4px 0 4px 7px;\
        border-color:transparent transparent transparent var(--accent)}
        article{border-top:1px solid #8884;padding-top:4px}
        .entry h4{margin:8px 0 0}.text{white-space:pre-wrap;margin:4px 0}
        .tags span{color:var(--accent);margin-right:.5em}
        footer{margin-top:32px;font-size:13px;opacity:.7}
        """
    }
}
