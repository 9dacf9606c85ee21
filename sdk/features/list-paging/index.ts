export { ListPaging, type ListPagingProps } from './ListPaging';
