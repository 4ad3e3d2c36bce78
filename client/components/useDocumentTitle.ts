import { useEffect } from "react";
import { pageTitle } from "../../common/page-title";

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
