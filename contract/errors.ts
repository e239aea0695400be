/** The one error body the server sends (DESIGN.md, Errors). */
export interface ErrorBody {
  error: string;
  code?: string;
  issues?: { path: string; message: string }[];
}
