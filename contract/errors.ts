/** The one error body the server sends (docs/architecture.md, Errors). */
export interface ErrorBody {
  error: string;
  code?: string;
  issues?: { path: string; message: string }[];
}
