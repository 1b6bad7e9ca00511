// The teacher's page of a class (app/teacher.py): ask for the class's results every two
// seconds and redraw the status, the ranked table and the refusals when something changed.
(function () {
  "use strict";
  const PARTS = ["status", "table", "refused", "sends"];
  const EVERY_MS = 2000;
  let version = null;

  async function refresh() {
    try {
      const answer = await fetch("/teacher/results", { cache: "no-store" });
      if (answer.ok) {
        const news = await answer.json();
        if (news.version !== version) {
          version = news.version;
          for (const part of PARTS) {
            document.getElementById("orchard-teacher-" + part).innerHTML = news[part];
          }
          document.body.dataset.version = version;
        }
      }
    } catch (error) {
      // the server is busy or restarting: the next tick asks again
    }
    setTimeout(refresh, EVERY_MS);
  }

  refresh();
})();
