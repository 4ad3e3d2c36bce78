// Session monitoring as a configured server hands it to the browser (GET /api/config/monitoring).
import type { MonitoringConfig } from "../../common/schemas/answers";

export const MONITORING_CONFIG: MonitoringConfig = {
  application_id: "app-id",
  client_token: "pub-token",
  site: "datadoghq.com",
  env: "production",
  proxy: null,
  replay_sample_rate: 20,
};
