import { runTask, type TaskRequest } from "#core/numtheory/factor-task";

// One of several sieving/ECM workers that the coordinating worker starts.
self.onmessage = (event: MessageEvent<TaskRequest>) => runTask(event.data, (reply) => self.postMessage(reply));
