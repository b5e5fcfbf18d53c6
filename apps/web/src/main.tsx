// Entry: the data cache, the session, the routes. The template page (CodeMirror, pdf.js) loads on demand.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { ApiError } from "./api/errors";
import { shareCspNonce } from "./csp-nonce";
import "./styles.css";

shareCspNonce();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers are final; only network failures and 5xx are worth another try.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
