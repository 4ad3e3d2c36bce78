import { useEffect } from "react";
import { pageTitle } from "../../common/public-pages";

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
