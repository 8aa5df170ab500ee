import { parentPort } from "node:worker_threads";
import { runTask, type TaskRequest } from "#core/numtheory/factor-task";

// A worker thread running the slices a coordinator hands it (ECM curves, SIQS sieving).
const port = parentPort;
if (!port) throw new Error("factor-task-thread runs as a worker thread");
port.on("message", (request: TaskRequest) => runTask(request, (reply) => port.postMessage(reply)));
