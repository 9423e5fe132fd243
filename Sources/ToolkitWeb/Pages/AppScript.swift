/// The placeholder page's script, an ES module: trades the `#token=` in the URL's fragment for a session
/// cookie, takes the token off the address bar, and lists the diary's latest entries through `/api/rpc`.
/// Every text from the diary goes in with `textContent`, never as markup.
enum AppScript {
    static let javaScript = #"""
        const status = document.getElementById("status");
        const list = document.getElementById("entries");

        function say(text) {
          status.textContent = text;
        }

        async function openSession() {
          const match = /^#token=([0-9a-f]{64})$/.exec(location.hash);
          if (!match) return;
          history.replaceState(null, "", location.pathname + location.search);
          const response = await fetch("/api/session", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ token: match[1] }),
          });
          if (!response.ok) throw new Error("The token in the address was refused: open the URL toolkit web printed.");
        }

        async function call(method, params) {
          const response = await fetch("/api/rpc", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
          });
          if (response.status === 401) throw new Error("No session: open the URL toolkit web printed.");
          if (response.status === 503) throw new Error("The diary is not running.");
          const answer = await response.json();
          if (answer.error) throw new Error(answer.error.message);
          return answer.result;
        }

        function entryItem(entry) {
          const item = document.createElement("li");
          const heading = document.createElement("h2");
          heading.textContent = entry.title;
          const date = document.createElement("time");
          date.dateTime = entry.date;
          date.textContent = entry.date;
          const body = document.createElement("p");
          body.textContent = entry.body;
          item.append(date, heading, body);
          return item;
        }

        async function showLatest() {
          const page = await call("diary.list", { limit: 20 });
          list.replaceChildren(...page.items.map(entryItem));
          say(page.items.length === 0 ? "The diary has no entries yet." : "The latest entries:");
        }

        try {
          await openSession();
          await showLatest();
        } catch (error) {
          say(error.message);
        }

        """#
}
