// Every worker test's mail goes to the test outbox, never to the network (tests/worker/mail-outbox.ts).
import { catchOutbox } from "./mail-outbox";

catchOutbox();
