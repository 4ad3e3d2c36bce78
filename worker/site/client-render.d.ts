// What the worker sees of "#client-render" (package.json "imports"): the client's server renderer,
// client/server.tsx, which the bundler resolves; the worker's type check reads this declaration
// instead of the browser code, whose DOM and JSX types it has not (docs/server-rendering.md).
import type { RenderPage } from "../../common/page-render";

export declare const renderPage: RenderPage;
